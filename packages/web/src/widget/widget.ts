/**
 * widget.js (built by vite.widget.config.ts into one classic IIFE): the script tag salons paste
 * into their pages. Its element must be read now: `document.currentScript` is null afterwards.
 */
import { install } from './install';
import { findScript } from './options';

install(findScript(document), window);
