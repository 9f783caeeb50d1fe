import {
  ActionIcon,
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandX,
  IconBrandYoutube,
  IconMail,
  IconMapPin,
  IconPhone,
} from '@tabler/icons-react';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { t } from '@/shared/messages';
import { CartButton } from '../components/cart/cart-button';
import { HeaderSearch } from '../components/header-search';
import { Logo } from '../components/logo';
import { NewsletterForm } from '../components/newsletter-form';
import { withFullStyles } from '../full-styles';
import { useNow } from '../hydration';
import { useAfterFirstPaint } from '../use-after-first-paint';

const MobileNavDrawer = lazy(
  withFullStyles(() => import('./mobile-nav-drawer').then((m) => ({ default: m.MobileNavDrawer }))),
);

// SPEC §2 named routes of the public top navigation (web.home, web.classes, web.questions, web.teachers).
const NAV = [
  { label: 'Home', href: '/' },
  { label: 'Classes', href: '/classes' },
  { label: 'Questions', href: '/questions' },
  { label: 'Teachers', href: '/teachers' },
] as const;

const SOCIAL = [
  { label: 'Facebook', href: 'https://www.facebook.com/', icon: IconBrandFacebook },
  { label: 'X (Twitter)', href: 'https://x.com/', icon: IconBrandX },
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: IconBrandInstagram },
  { label: 'YouTube', href: 'https://www.youtube.com/', icon: IconBrandYoutube },
] as const;

function NavLinks({ vertical, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const [location] = useLocation();
  const links = NAV.map((item) => {
    const active = item.href === '/' ? location === '/' : location.startsWith(item.href);
    return (
      <Anchor
        key={item.href}
        component={Link}
        href={item.href}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        fw={active ? 700 : 500}
        c={active ? 'blue.8' : 'dark.6'}
        underline="never"
        py={vertical ? 'xs' : 0}
      >
        {item.label}
      </Anchor>
    );
  });
  return vertical ? <Stack gap={4}>{links}</Stack> : <Group gap="lg">{links}</Group>;
}

function AccountButton({ signedIn, fullWidth }: { signedIn: boolean; fullWidth?: boolean }) {
  // One width for both: the page is rendered for a visitor, and "Workspace" replacing "Sign in" once
  // the session is known must not move the navigation beside it.
  const width = fullWidth ? undefined : '7.5rem';
  return signedIn ? (
    <Button component={Link} href="/workspace" fullWidth={fullWidth} miw={width}>
      Workspace
    </Button>
  ) : (
    <Button component={Link} href="/sign-in" fullWidth={fullWidth} miw={width}>
      Sign in
    </Button>
  );
}

function Footer() {
  const year = new Date(useNow()).getFullYear();
  return (
    <Box
      component="footer"
      bg="gray.0"
      mt="xl"
      pt="xl"
      pb="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Logo />
            <Text size="sm" c="dimmed">
              Lessons, classes and answers from qualified Kenyan teachers.
            </Text>
          </Stack>
          <Stack gap="xs" component="nav" aria-label="Quick links">
            <Title order={2} size="h5">
              Quick links
            </Title>
            <Anchor component={Link} href="/about" size="sm">
              About
            </Anchor>
            <Anchor component={Link} href="/subjects" size="sm">
              Subjects
            </Anchor>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h5">
              Contact us
            </Title>
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} aria-hidden />
              <Anchor href="mailto:hello@somesha.co.ke" size="sm">
                hello@somesha.co.ke
              </Anchor>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              <Anchor href="tel:+254700000000" size="sm">
                +254 700 000 000
              </Anchor>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">Nairobi, Kenya</Text>
            </Group>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h5">
              Newsletter
            </Title>
            <NewsletterForm />
          </Stack>
        </SimpleGrid>
        <Divider my="md" />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {year} {t('app.name')}
          </Text>
          <Group gap="md">
            <Anchor component={Link} href="/terms" size="sm">
              Terms and Conditions
            </Anchor>
            <Anchor component={Link} href="/privacy" size="sm">
              Privacy Policy
            </Anchor>
          </Group>
          <Group gap={4}>
            {SOCIAL.map(({ label, href, icon: Icon }) => (
              <ActionIcon
                key={label}
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                aria-label={label}
              >
                <Icon size={18} />
              </ActionIcon>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** SPEC §2 public layout: top navigation (a drawer below `lg`), page, footer. */
export function PublicLayout({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const [drawerOpened, drawer] = useDisclosure(false);
  // Mounted from the first open on, so the drawer can animate closed.
  const drawerUsed = useRef(false);
  if (drawerOpened) drawerUsed.current = true;
  // Below the fold on every page: it must not hold back the first paint of the page itself.
  const showFooter = useAfterFirstPaint();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo />
            <Box component="nav" aria-label="Main" visibleFrom="lg">
              <NavLinks />
            </Box>
            <Group gap="sm" wrap="nowrap">
              <Box visibleFrom="sm">
                <HeaderSearch maw={200} />
              </Box>
              <CartButton />
              <Box visibleFrom="lg">
                <AccountButton signedIn={signedIn} />
              </Box>
              <Burger
                opened={drawerOpened}
                onClick={drawer.toggle}
                hiddenFrom="lg"
                aria-label="Open navigation"
              />
            </Group>
          </Group>
        </Container>
      </Box>
      {drawerUsed.current && (
        <Suspense fallback={null}>
          <MobileNavDrawer opened={drawerOpened} onClose={drawer.close} title={<Logo to={null} size="md" />}>
            <Stack component="nav" aria-label="Mobile" gap="md">
              <HeaderSearch maw={400} />
              <NavLinks vertical onNavigate={drawer.close} />
              <AccountButton signedIn={signedIn} fullWidth />
            </Stack>
          </MobileNavDrawer>
        </Suspense>
      )}
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      {showFooter && <Footer />}
    </Box>
  );
}
