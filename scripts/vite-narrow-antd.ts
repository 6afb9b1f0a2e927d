import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

interface Narrowing {
  /** The antd module that imports more than it uses… */
  importer: RegExp;
  /** …this specifier… */
  source: string;
  /** …which then resolves to the part it really needs. */
  target: string;
}

/**
 * What antd's ConfigProvider and Input drag onto every page without using it: ConfigProvider
 * imports the tooltip UniqueProvider (@rc-component/trigger, ~12 KB gzip) for an option we never
 * set and the whole en_US locale (~1.5 KB gzip) for antd Form's messages, its LocaleProvider the
 * confirm dialog's locale for a `locale` we never give and useLocale (en_US again, for lazy components), its motion
 * wrapper and the button's loading icon and wave all of @rc-component/motion (CSSMotionList: lazy lists and
 * toasts); whatever the entry imports statically lands in the entry chunk, used there or not. The form context imports all of
 * @rc-component/form (with async-validator, ~13 KB gzip) for one provider. `Input` from antd's index is the
 * plain input: its index hangs TextArea, Search, Password, OTP and Group on it, which the app shows nowhere but /help's
 * TextArea, imported from its own module (~6 KB gzip on every page with a field, and their CSS). Only these importers are redirected; Form, Tooltip, Select and
 * Modal keep the real modules. Beyond antd, axios's adapter list drags its fetch adapter onto every signed-in page
 * (~4 KB gzip), which a browser never reaches, and rjsf all of fast-uri onto every form route (~7 KB gzip) for a
 * reference resolution stubs/fast-uri.ts does in 100 lines; rjsf's number fields ask Intl for the decimal separator,
 * which stubs/rjsf-decimal-separator.ts answers without loading ICU's data.
 */
const narrowings: Narrowing[] = [
  {
    importer: /antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../tooltip/UniqueProvider',
    target: fileURLToPath(new URL('./stubs/tooltip-unique-provider.tsx', import.meta.url)),
  },
  {
    importer: /antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../locale/en_US',
    target: fileURLToPath(new URL('./stubs/config-provider-locale.ts', import.meta.url)),
  },
  {
    importer: /antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../locale',
    target: fileURLToPath(new URL('./stubs/locale-provider.ts', import.meta.url)),
  },
  {
    importer: /antd[\\/]es[\\/](_util[\\/]wave[\\/]WaveEffect|button[\\/]DefaultLoadingIcon)\.js$/,
    source: '@rc-component/motion',
    target: '@rc-component/motion/es/CSSMotion',
  },
  {
    importer: /antd[\\/]es[\\/]config-provider[\\/]MotionWrapper\.js$/,
    source: '@rc-component/motion',
    target: fileURLToPath(new URL('./stubs/motion-provider.ts', import.meta.url)),
  },
  {
    importer: /antd[\\/]es[\\/]locale[\\/]index\.js$/,
    source: '../modal/locale',
    target: fileURLToPath(new URL('./stubs/confirm-locale.ts', import.meta.url)),
  },
  {
    importer: /antd[\\/]es[\\/]index\.js$/,
    source: './input',
    target: 'antd/es/input/Input',
  },
  {
    importer: /antd[\\/]es[\\/]form[\\/]context\.js$/,
    source: '@rc-component/form',
    target: '@rc-component/form/es/FormContext',
  },
  // Not antd: rjsf resolves and compares schema URIs with fast-uri (its IP and per-scheme parsers too).
  {
    importer: /@rjsf[\\/]utils[\\/]lib[\\/]findSchemaDefinition\.js$/,
    source: 'fast-uri',
    target: fileURLToPath(new URL('./stubs/fast-uri.ts', import.meta.url)),
  },
  // Not antd: rjsf asks Intl for the browser's decimal separator on every render of a number field.
  {
    importer: /@rjsf[\\/]utils[\\/]lib[\\/](index|getInputProps|asNumber)\.js$/,
    source: './getDecimalSeparator.js',
    target: fileURLToPath(new URL('./stubs/rjsf-decimal-separator.ts', import.meta.url)),
  },
  // Not antd: axios's adapter list names the fetch adapter, which a browser never reaches (xhr comes first).
  {
    importer: /axios[\\/]lib[\\/]adapters[\\/]adapters\.js$/,
    source: './fetch.js',
    target: fileURLToPath(new URL('./stubs/axios-fetch-adapter.ts', import.meta.url)),
  },
];

export function narrowImports(): Plugin {
  return {
    name: 'onboard-narrow-antd',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const narrowing = importer ? narrowings.find((n) => n.source === source && n.importer.test(importer)) : undefined;
      if (!narrowing) return null;
      return this.resolve(narrowing.target, importer, { ...options, skipSelf: true });
    },
  };
}
