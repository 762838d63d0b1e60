/** The colours a project or a label may be given from its dialog, each named for the people who cannot see it. */
export const COLOR_CHOICES = [
  { value: '#808080', name: 'Grey' },
  { value: '#db4035', name: 'Red' },
  { value: '#ff9933', name: 'Orange' },
  { value: '#fad000', name: 'Yellow' },
  { value: '#7ecc49', name: 'Lime' },
  { value: '#299438', name: 'Green' },
  { value: '#158fad', name: 'Teal' },
  { value: '#1e90ff', name: 'Blue' },
  { value: '#884dff', name: 'Violet' },
  { value: '#eb96eb', name: 'Pink' },
  { value: '#8d6e63', name: 'Brown' },
] as const;

/** The colour's name, or its code when it is not one of the list (set through the API). */
export const colorName = (value: string) =>
  COLOR_CHOICES.find((color) => color.value === value.toLowerCase())?.name ?? value;
