// The module the router loads lazily for Admin → Webhooks.
export { AdminWebhooksPage as default } from './AdminWebhooksPage';
