/** The footer: copyright with the current year and the author, and the author's three links. */
import EmailIcon from '@mui/icons-material/Email';
import GitHubIcon from '@mui/icons-material/GitHub';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { clientConfig, type ClientConfig } from '../../config';

interface FooterProps {
  author?: Pick<ClientConfig, 'authorName' | 'githubUrl' | 'linkedinUrl' | 'email'>;
  year?: number;
}

export function Footer({ author = clientConfig, year = new Date().getFullYear() }: FooterProps) {
  const external = { target: '_blank', rel: 'noopener noreferrer' };
  return (
    <Box
      component="footer"
      sx={{ py: 2, mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Container
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          © {year} {author.authorName}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <IconButton
            component="a"
            href={author.githubUrl}
            aria-label="GitHub profile"
            size="small"
            {...external}
          >
            <GitHubIcon fontSize="small" />
          </IconButton>
          <IconButton
            component="a"
            href={author.linkedinUrl}
            aria-label="LinkedIn profile"
            size="small"
            {...external}
          >
            <LinkedInIcon fontSize="small" />
          </IconButton>
          <IconButton
            component="a"
            href={`mailto:${author.email}`}
            aria-label={`Write to ${author.email}`}
            size="small"
          >
            <EmailIcon fontSize="small" />
          </IconButton>
        </Box>
      </Container>
    </Box>
  );
}
