import type { ContactRequest, ContactResponse } from '@askwell/shared';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

import { api, type ApiError } from '@/lib/api-client';

export function submitContact(input: ContactRequest): Promise<ContactResponse> {
  return api.post<ContactResponse>('/api/contact', input);
}

type UseSubmitContactOptions = Omit<
  UseMutationOptions<ContactResponse, ApiError, ContactRequest>,
  'mutationFn'
>;

export function useSubmitContact(options: UseSubmitContactOptions = {}) {
  return useMutation<ContactResponse, ApiError, ContactRequest>({
    ...options,
    mutationFn: submitContact,
  });
}
