import { useId, useState, type FormEvent } from 'react';
import { TEAM_NAME_MAX, TEAM_SLUG_MAX } from '@wattle/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf } from '@/lib/api-client';
import { useCreateTeam } from '../api/membership';
import { slugFromName, teamFormErrors, type TeamFormErrors } from '../lib/team-form';

/** Name and short name (derived from the name until edited); the new team becomes the active space. */
export function CreateTeamForm({ onCreated }: { onCreated?: () => void }) {
  const id = useId();
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<TeamFormErrors & { form?: string }>({});

  const changeName = (value: string) => {
    setName(value);
    if (!slugEdited) setSlug(slugFromName(value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = teamFormErrors({ name, slug });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // mutateAsync: the page turns into the new team's before this settles, and the toast must still show.
    create.mutateAsync({ name: name.trim(), slug }).then(
      (team) => {
        toast({ title: 'Team created', description: `You are now working in ${team.name}.`, variant: 'success' });
        onCreated?.();
      },
      // Field refusals (a taken short name) under their fields; anything else under the form.
      (error: Error) => {
        const fields = fieldErrorsOf(error);
        setErrors(Object.keys(fields).length > 0 ? fields : { form: error.message });
      },
    );
  };

  const field = (name: keyof TeamFormErrors) => ({
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id}-${name}-error` : `${id}-${name}-hint`,
  });

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Create a team">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Team name</Label>
        <Input id={`${id}-name`} value={name} maxLength={TEAM_NAME_MAX} placeholder="Harbourside Accounting" onChange={(e) => changeName(e.target.value)} {...field('name')} />
        <FieldNote id={`${id}-name`} error={errors.name} hint="Shown to everyone in the team." />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-slug`}>Short name</Label>
        <Input
          id={`${id}-slug`}
          value={slug}
          maxLength={TEAM_SLUG_MAX}
          placeholder="harbourside-accounting"
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => {
            setSlugEdited(true);
            setSlug(e.target.value);
          }}
          {...field('slug')}
        />
        <FieldNote id={`${id}-slug`} error={errors.slug} hint="Lower-case letters, digits and hyphens; unique to your team." />
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? 'Creating team…' : 'Create team'}
      </Button>
    </form>
  );
}

/** A field's error, else its hint, under it (the input points at whichever is shown). */
export function FieldNote({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <p id={`${id}-error`} className="text-sm text-destructive">
        {error}
      </p>
    );
  return hint ? (
    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
      {hint}
    </p>
  ) : null;
}
