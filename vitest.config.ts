import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { stepValidators } from './scripts/vite-step-validators.ts';

export default defineConfig({
  plugins: [react(), stepValidators()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['tests/engine/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/config/**/*.test.ts', 'tests/build/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/app/**/*.test.tsx', 'tests/screens/**/*.test.tsx', 'tests/renderer/**/*.test.tsx', 'tests/widgets/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
    ],
  },
});
