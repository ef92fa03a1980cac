/** The cover page form and its preview, embedded by the Compose page. */
export { CoverPageEditor, type CoverPageEditorProps } from './CoverPageEditor';
export { CoverPagePreview, type CoverPagePreviewProps } from './CoverPagePreview';
export { COVER_LIMITS, COVER_MESSAGE_MAX_LINES, coverProblems, type CoverPageOptions, type CoverRecipient } from '../../model/cover-page';
