/** The look of every text input, select and text area; a module of its own so a public page's search field does not load the form fields. */
export const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm text-gray-900 shadow-xs placeholder:text-gray-400 focus:border-primary-600 focus:ring-1 focus:ring-primary-600 focus:outline-none aria-invalid:border-red-600 disabled:bg-gray-100';
