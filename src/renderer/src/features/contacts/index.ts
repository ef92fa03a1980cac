/** The Contacts page's parts (the page itself is pages/ContactsPage.tsx). */
export { ContactForm } from './ContactForm';
export { ContactList } from './ContactList';
export { DistributionLists } from './DistributionLists';
export { ImportExport } from './ImportExport';
