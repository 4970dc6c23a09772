import './ui.css';

export { Badge, type BadgeProps, type BadgeTone } from './Badge';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { Card, type CardProps } from './Card';
export {
  Field,
  TextField,
  type FieldControlProps,
  type FieldProps,
  type TextFieldProps,
} from './Field';
export { Modal, type ModalProps } from './Modal';
export { PasswordField, type PasswordFieldProps } from './PasswordField';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export {
  CardsSkeleton,
  Skeleton,
  TableSkeleton,
  type CardsSkeletonProps,
  type SkeletonProps,
  type TableSkeletonProps,
} from './Skeleton';
export { LoadFailed, type LoadFailedProps } from './LoadFailed';
export { Spinner, type SpinnerProps } from './Spinner';
export * from './toast';
