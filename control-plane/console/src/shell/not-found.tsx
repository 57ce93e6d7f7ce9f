import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Container size="sm" py="xl" component="main">
      <Title order={1}>Page not found</Title>
      <Text mt="sm">This address is not a page of the console.</Text>
      <Anchor component={Link} to="/" mt="md" display="inline-block">
        Go to the console
      </Anchor>
    </Container>
  );
}
