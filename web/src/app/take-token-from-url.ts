import { adoptLoginTokenFromUrl } from '@/shared/auth/login-token';

// Imported first by main.tsx: a `?token=` must be kept and cleared from the url before the store
// reads the cookie and the router reads the url, both while their modules load.
adoptLoginTokenFromUrl();
