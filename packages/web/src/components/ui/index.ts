import './ui.css';

export { Badge, type BadgeTone } from './Badge';
export { Button } from './Button';
export { Card } from './Card';
export { ConfirmDelete } from './ConfirmDelete';
export { Field, TextField } from './Field';
export { Modal } from './Modal';
export { PasswordField } from './PasswordField';
export { PageHeader } from './PageHeader';
export { CardsSkeleton, Skeleton, TableSkeleton } from './Skeleton';
export { LoadFailed } from './LoadFailed';
export { Spinner } from './Spinner';
export * from './toast';
