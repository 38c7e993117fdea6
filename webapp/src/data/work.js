/** Work history, newest first (shown in the Work card on the home page). */
export const work = [
  {
    employer: 'Harbourline Labs',
    role: 'Junior Fullstack Developer',
    duration: 'May 2024 – Present',
  },
  {
    employer: 'Freelance',
    role: 'Software Development',
    duration: 'June 2023 – April 2024',
  },
];
