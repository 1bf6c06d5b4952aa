import { Headphones } from 'lucide-react';
import type { TPermission } from '@playhall/contract/calls/system';
import { buttonClass } from '../../../components/ui/button.tsx';
import { isExternalUrl, primaryContact } from '../resources.ts';

/** Contact-customer-service button of the status pages, from the permission info's resources. */
export function ContactButton({ info, label }: { info: TPermission['info']; label: string }) {
  const contact = primaryContact(info);
  if (!contact) return null;
  const external = isExternalUrl(contact.url);
  return (
    <a
      className={buttonClass('primary', 'lg')}
      href={contact.url}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
      data-testid="contact-service"
    >
      <Headphones size={18} aria-hidden />
      {label}
    </a>
  );
}
