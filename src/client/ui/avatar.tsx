import { Avatar as RadixAvatar } from 'radix-ui';
import { initialsOf } from '../../shared/domain/names';

export function Avatar({ alt, src, size = 'sm' }: { alt: string; src?: string | null; size?: 'sm' | 'md' }) {
  const dimension = size === 'sm' ? 'size-8 text-xs' : 'size-10 text-sm';
  return (
    <RadixAvatar.Root className={`inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-100 align-middle ${dimension}`}>
      {src && <RadixAvatar.Image src={src} alt={alt} className="size-full object-cover" />}
      <RadixAvatar.Fallback className="font-medium text-primary-800" aria-label={alt} role="img">
        {initialsOf(alt)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
