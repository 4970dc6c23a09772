import './whatsapp-messages.css';

export { WhatsappMessages, WhatsappMessagesToggle } from './WhatsappMessages';
