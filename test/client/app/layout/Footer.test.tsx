import { render, screen } from '@testing-library/react';
import { Footer } from '../../../../src/client/app/layout/Footer';
import { clientConfig } from '../../../../src/client/config';

describe('footer', () => {
  it('shows the copyright with the current year and the configured author, and the three links', () => {
    render(<Footer />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} ${clientConfig.authorName}`,
    );
    expect(screen.getByRole('link', { name: 'GitHub profile' })).toHaveAttribute(
      'href',
      clientConfig.githubUrl,
    );
    expect(screen.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute(
      'href',
      clientConfig.linkedinUrl,
    );
    expect(screen.getByRole('link', { name: `Write to ${clientConfig.email}` })).toHaveAttribute(
      'href',
      `mailto:${clientConfig.email}`,
    );
  });

  it('takes another author', () => {
    render(
      <Footer
        year={2031}
        author={{
          authorName: 'Ada Lovelace',
          githubUrl: 'https://github.com/ada',
          linkedinUrl: 'https://linkedin.com/in/ada',
          email: 'ada@example.com',
        }}
      />,
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2031 Ada Lovelace');
    expect(screen.getByRole('link', { name: 'GitHub profile' })).toHaveAttribute(
      'href',
      'https://github.com/ada',
    );
    expect(screen.getByRole('link', { name: 'GitHub profile' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });
});
