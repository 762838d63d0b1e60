/** Where a label's todos are: every todo of the user, filtered by it (`?label=` of the list view). */
export const labelPath = (id: number) => `/todos?label=${id}`;
