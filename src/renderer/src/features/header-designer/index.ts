/** The header-line designer the Compose page embeds (issue "Compose and send"). */
export { HeaderDesigner, type HeaderDesignerProps } from './HeaderDesigner';
export { SAMPLE_TO_NUMBER, type HeaderSample } from './evaluate';
export { createMemoryTemplatesPort, type HeaderTemplate, type TemplatesPort } from './templates';
