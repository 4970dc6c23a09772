import { z } from 'zod';

/**
 * Roles and permissions (docs/product.md#roles-and-permissions). In practice a user is `admin` when
 * profile.isAdmin, otherwise `advisor`.
 */
export const roleSchema = z.enum(['super_admin', 'admin', 'advisor', 'client']);
export type Role = z.infer<typeof roleSchema>;

export const roleRank: Record<Role, number> = { super_admin: 4, admin: 3, advisor: 2, client: 1 };

export const permissionSchema = z.enum([
  'manage_admins',
  'system_config',
  'manage_advisors',
  'view_reports',
  'manage_calls',
  'handle_calls',
  'view_profile',
  'request_calls',
]);
export type Permission = z.infer<typeof permissionSchema>;

export const rolePermissions: Record<Role, readonly Permission[]> = {
  super_admin: [
    'manage_admins',
    'system_config',
    'manage_advisors',
    'view_reports',
    'manage_calls',
    'handle_calls',
    'view_profile',
  ],
  admin: ['manage_advisors', 'view_reports', 'manage_calls', 'view_profile'],
  advisor: ['handle_calls', 'view_profile'],
  client: ['request_calls'],
};

export const roleSatisfies = (role: Role, required: Role): boolean =>
  roleRank[role] >= roleRank[required];

export const hasPermission = (role: Role, permission: Permission): boolean =>
  rolePermissions[role].includes(permission);
