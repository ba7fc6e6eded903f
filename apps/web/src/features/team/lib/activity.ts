import type { TeamActivity, TeamActivityAction } from '@wattle/shared';

const VERB: Record<TeamActivityAction, string> = {
  'document.uploaded': 'uploaded',
  'document.edited': 'edited',
  'document.deleted': 'deleted',
  'link.created': 'shared',
  'link.revoked': 'revoked the share link to',
  'member.invited': 'invited',
  'member.joined': 'joined the team:',
  'member.removed': 'removed',
  'member.left': 'left the team:',
  'member.role_changed': 'changed the role of',
  'invitation.revoked': 'revoked the invitation to',
  'ownership.transferred': 'transferred ownership to',
  'team.renamed': 'renamed the team to',
};

/** One entry as a sentence: "Matilda Jones uploaded Quarterly report.pdf". */
export function activityLine({ actor, action, subject }: Pick<TeamActivity, 'actor' | 'action' | 'subject'>): string {
  return `${actor} ${VERB[action]} ${subject}`;
}
