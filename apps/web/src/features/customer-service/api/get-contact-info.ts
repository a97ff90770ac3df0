import { Limits } from '@kilat/contract';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

// the spec asks the contact-info call for the customer-service entries with overall=30
const params = { overall: String(Limits.contactInfoOverall) };

/** The customer-service e-mail and telephone (spec §2, §7). */
export const contactInfoQuery = () => apiQueryOptions('contactInfo', params);

export const useContactInfo = () => useQuery(contactInfoQuery());
