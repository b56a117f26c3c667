import type { Paged } from '@contracts/common';
import type { Payment, PaymentMethod } from '@contracts/cashbox';
import { api } from '../../shared/api';

export const fetchMethods = (clientType: 'web' | 'telegram') => api.get<PaymentMethod[]>('main-api/payments/methods', { searchParams: { client_type: clientType } });
export const requestDeposit = (method: string, amount: number, clientType: 'web' | 'telegram') =>
  api.post<{ payment_id: number; status: number; redirect_url?: string }>('main-api/payments/deposit', { method, amount, client_type: clientType });
export const requestCashout = (method: string, amount: number, destination: string, clientType: 'web' | 'telegram') =>
  api.post<{ payment_id: number; status: number }>('main-api/payments/cashout', { method, amount, destination, client_type: clientType });
export const fetchPayments = (q: { page: number; size: number; type?: string; status?: number }) =>
  api.get<Paged<Payment>>('main-api/payments/history', { searchParams: q });
