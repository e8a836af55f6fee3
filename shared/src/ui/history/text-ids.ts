/**
 * Catalogue ids of the activity log's names (shared/src/ui/messages/history): the Activity screen's filters label
 * their choices with them, inside ActivityTexts.
 */
export const activityTextIds = {
  actor: (type: string) => `kit.activity.actor.${type}`,
  action: (action: string) => `kit.activity.action.${action}`,
  entity: (entity: string) => `kit.activity.entity.${entity}`,
  area: (area: string) => `kit.activity.area.${area}`,
  field: (field: string) => `kit.activity.field.${field}`,
  detail: (key: string) => `kit.activity.detail.${key}`,
};
