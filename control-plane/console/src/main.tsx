/**
 * The console's entry: Mantine (its stylesheet is a file, so `style-src
 * 'self'` covers it; the few `<style>` elements it injects carry the nonce the
 * server put in `<meta property="csp-nonce">`), TanStack Query, TanStack Router.
 */
import '@mantine/core/styles.css';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { queryClient, router } from './router.js';
import { theme } from './theme.js';

// The nonce is readable only through the element's `nonce` property (browsers hide the attribute).
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
// Mantine's Modal locks the page's scroll with react-remove-scroll, whose <style> element takes its nonce from get-nonce.
setNonce(nonce);

// Mantine's "dimmed" grey (descriptions, hints) is below WCAG AA contrast on white; one shade darker passes.
const resolver: CSSVariablesResolver = () => ({ variables: {}, light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' }, dark: {} });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={resolver} getStyleNonce={() => nonce}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
