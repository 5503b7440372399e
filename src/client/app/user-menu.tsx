/** The signed-in user's part of the header: the inbox's bell, and the menu with profile, administration (for admins) and sign-out. */
import { DropdownMenu } from 'radix-ui';
import { Link } from '@tanstack/react-router';
import { useT } from '../lib/intl';
import { trpc } from '../lib/trpc';
import { Avatar } from '../ui/avatar';
import { InboxBell } from '../features/notifications/inbox';

export default function SignedInMenu() {
  const t = useT();
  const me = trpc.auth.me.useQuery();
  const name = me.data ? `${me.data.firstname} ${me.data.lastname}`.trim() || me.data.email : t('avatar.fallback');
  return (
    <>
      <InboxBell />
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="rounded-full" aria-label={name}>
          <Avatar alt={name} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-44 rounded-md bg-white p-1 text-sm shadow-lg ring-1 ring-gray-200">
            {me.data && <DropdownMenu.Label className="px-2 py-1.5 text-xs text-gray-500">{me.data.email}</DropdownMenu.Label>}
            <DropdownMenu.Item asChild>
              <Link to="/profile" className="block rounded px-2 py-1.5 outline-none data-highlighted:bg-gray-100">
                {t('nav.profile')}
              </Link>
            </DropdownMenu.Item>
            {me.data?.platformRole === 'admin' && (
              <DropdownMenu.Item asChild>
                <Link to="/admin/funds" className="block rounded px-2 py-1.5 outline-none data-highlighted:bg-gray-100">
                  {t('nav.admin')}
                </Link>
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
            <DropdownMenu.Item asChild>
              <Link to="/logout" className="block rounded px-2 py-1.5 outline-none data-highlighted:bg-gray-100">
                {t('nav.logout')}
              </Link>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}

