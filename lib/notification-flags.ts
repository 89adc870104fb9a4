import { NOTIFICATION_FOLLOWS, type NotificationType } from "./constants";

/** The type and the one it follows without a flag of its own (NOTIFICATION_FOLLOWS). */
export function typeAndFollowed(type: NotificationType): NotificationType[] {
  const follows = NOTIFICATION_FOLLOWS[type];
  return follows ? [type, follows] : [type];
}

/**
 * A type's flag from a member's rows: its own, else that of the type it follows, else allowed
 * (spec part 1 section 3: "the default is on when missing").
 */
export function flagOf(flags: Map<NotificationType, boolean>, type: NotificationType): boolean {
  const own = flags.get(type);
  if (own !== undefined) return own;
  const follows = NOTIFICATION_FOLLOWS[type];
  return (follows === undefined ? undefined : flags.get(follows)) ?? true;
}
