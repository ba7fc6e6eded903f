import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** A search field with its magnifier inside; the label is read out, the placeholder shows an example. */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  className,
  iconClassName,
  inputClassName,
  maxLength,
}: {
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder: string;
  className?: string;
  iconClassName?: string;
  inputClassName?: string;
  maxLength?: number;
}) {
  return (
    <div className={cn('relative w-full', className)}>
      <SearchIcon className={cn('pointer-events-none absolute top-1/2 -translate-y-1/2 text-muted-foreground', iconClassName)} aria-hidden />
      <Input type="search" value={value} onChange={(event) => onSearch(event.target.value)} placeholder={placeholder} aria-label={label} className={inputClassName} maxLength={maxLength} />
    </div>
  );
}
