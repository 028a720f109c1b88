import {
  editablePermissions,
  editableRoles,
  roleLabels,
  roles as knownRoles,
  type AdminRole,
  type Role,
} from '@askwell/shared';
import clsx from 'clsx';
import { Check, KeyRound, Minus, Pencil, Save, X } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';

import { Button } from '@/components/ui/button';

import { Spinner } from '@/components/ui/spinner';

import { useAdminRoles } from '../api/get-roles';
import { useUpdateRolePermissions } from '../api/site-settings';
import { formatDate } from '@/lib/format';

import { permissionLabel } from '../lib/format';
import { EmptyState } from './empty-state';

function roleTitle(name: string) {
  return (knownRoles as readonly string[]).includes(name) ? roleLabels[name as Role] : name;
}

// A super admin grants or withdraws the permissions of Sales Manager and Support Team; the server
// applies them from the member's next request on. Super Admin keeps every permission.
function PermissionsEditor({ role, onDone }: { role: AdminRole; onDone: () => void }) {
  const [draft, setDraft] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(editablePermissions.map((name) => [name, role.permissions[name] ?? false])),
  );
  const update = useUpdateRolePermissions();
  const changed = editablePermissions.some(
    (name) => draft[name] !== (role.permissions[name] ?? false),
  );
  return (
    <form
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { roleId: role.id, permissions: draft },
          {
            onSuccess: () => {
              toast.success(`${roleTitle(role.name)} permissions saved`);
              onDone();
            },
            onError: (error) => toast.error(`Permissions were not saved: ${error.message}`),
          },
        );
      }}
    >
      <fieldset>
        <legend className="sr-only">{roleTitle(role.name)} permissions</legend>
        <ul className="grid grid-cols-1 gap-1.5 sm:grid-cols-2 lg:grid-cols-1">
          {editablePermissions.map((name) => (
            <li key={name}>
              <label className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50">
                <input
                  type="checkbox"
                  checked={draft[name] ?? false}
                  onChange={(event) => setDraft({ ...draft, [name]: event.target.checked })}
                  className="size-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
                />
                {permissionLabel(name)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="sm" onClick={onDone} disabled={update.isPending}>
          <X className="size-4" aria-hidden="true" />
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!changed || update.isPending}>
          {update.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <Save className="size-4" aria-hidden="true" />
          )}
          {update.isPending ? 'Saving...' : 'Save permissions'}
        </Button>
      </div>
    </form>
  );
}

function RoleCard({ role }: { role: AdminRole }) {
  const permissions = Object.entries(role.permissions);
  const granted = permissions.filter(([, value]) => value).length;
  const editable = (editableRoles as readonly string[]).includes(role.name);
  const [editing, setEditing] = useState(false);
  return (
    <article
      className="flex flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      aria-labelledby={`role-${role.id}`}
      data-testid="role-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`role-${role.id}`} className="text-lg font-semibold text-slate-900">
            {roleTitle(role.name)}
          </h2>
          <p className="mt-0.5 font-mono text-xs text-slate-500">{role.name}</p>
        </div>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <KeyRound className="size-5" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Created <time dateTime={role.created_at}>{formatDate(role.created_at)}</time>
        <span aria-hidden="true"> · </span>
        <span className="whitespace-nowrap">
          {granted} of {permissions.length} permissions
        </span>
      </p>
      {editing ? (
        <PermissionsEditor role={role} onDone={() => setEditing(false)} />
      ) : (
        <ul
          className="mt-4 flex flex-wrap gap-1.5"
          aria-label={`${roleTitle(role.name)} permissions`}
        >
          {permissions.map(([name, value]) => (
            <li
              key={name}
              data-granted={value}
              className={clsx(
                'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
                value
                  ? 'bg-green-50 text-green-800 ring-green-200'
                  : 'bg-slate-100 text-slate-600 ring-slate-200',
              )}
            >
              {value ? (
                <Check className="size-3.5" aria-hidden="true" />
              ) : (
                <Minus className="size-3.5" aria-hidden="true" />
              )}
              {permissionLabel(name)}
              <span className="sr-only">{value ? ' (granted)' : ' (not granted)'}</span>
            </li>
          ))}
        </ul>
      )}
      {editable && !editing && (
        <div className="mt-auto pt-4">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" />
            Edit permissions
          </Button>
        </div>
      )}
    </article>
  );
}

export function RolesList() {
  const roles = useAdminRoles();

  if (roles.isPending) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-20 text-slate-600">
        <Spinner className="size-8 text-brand-800" />
        <span className="sr-only">Loading roles</span>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Role Management
        </h1>
        <p className="mt-1.5 text-sm text-slate-600 sm:text-base">
          Manage administrative roles and permissions
        </p>
      </div>
      {roles.isError || roles.data.length === 0 ? (
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <EmptyState icon={KeyRound} title="No roles found">
            {roles.isError ? `The roles could not be loaded: ${roles.error.message}` : null}
          </EmptyState>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:grid-cols-3">
          {roles.data.map((role) => (
            <RoleCard key={role.id} role={role} />
          ))}
        </div>
      )}
      <p className="text-sm text-slate-500">
        Super Admin keeps every permission. Changes to Sales Manager and Support Team apply from
        each member's next request, and are recorded in the audit log.
      </p>
    </div>
  );
}
