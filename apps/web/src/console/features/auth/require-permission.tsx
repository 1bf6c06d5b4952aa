import type { ReactNode } from 'react';
import type { TConsolePermission } from '@playhall/contract/console';
import { useSession } from './session.tsx';
import { Forbidden } from '../../components/forbidden.tsx';

/** A page the role does not include shows "no access" without asking the server (which would answer 403 anyway). */
export function RequirePermission({ permission, children }: { permission: TConsolePermission; children: ReactNode }) {
  return useSession().allows(permission) ? <>{children}</> : <Forbidden />;
}
