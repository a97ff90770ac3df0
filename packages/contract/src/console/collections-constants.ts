/** Collections' fixed lists (issue 46): channels, outcomes, flags that stop contact, SMS templates, why a case closed. Browser-safe. */
export const ContactChannels = ['call', 'sms', 'whatsapp', 'email', 'field_visit'] as const;
export type ContactChannel = (typeof ContactChannels)[number];

/** What came of a contact: a fixed list, so the reports can count it. */
export const ContactOutcomes = [
  'no_answer',
  'busy',
  'switched_off',
  'wrong_number',
  'spoke_to_borrower',
  'promised_to_pay',
  'refused_to_pay',
  'dispute_raised',
  'paid_already',
  'deceased_reported',
  'callback_requested',
  'visit_scheduled',
  'sms_sent',
] as const;
export type ContactOutcome = (typeof ContactOutcomes)[number];

/** What stops every contact with a borrower (and the automated overdue reminders) while set. */
export const ContactStopKinds = ['do_not_contact', 'dispute', 'deceased', 'legal', 'fraud'] as const;
export type ContactStopKind = (typeof ContactStopKinds)[number];

export const CollectionSmsTemplates = ['reminder', 'final_notice'] as const;
export type CollectionSmsTemplate = (typeof CollectionSmsTemplates)[number];

export const CaseCloseReasons = ['repaid', 'settled', 'written_off', 'cured'] as const;
export type CaseCloseReason = (typeof CaseCloseReasons)[number];
