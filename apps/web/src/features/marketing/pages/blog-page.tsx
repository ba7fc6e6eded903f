import { Link } from 'react-router';
import { PageHero } from '@/components/public-page/page-hero';
import { BLOG_POSTS, formatPublished } from '../blog-posts';
import { Section } from '@/components/public-page/section';
import { useDocumentTitle } from '@/lib/use-document-title';

export function BlogPage() {
  useDocumentTitle('Blog');
  return (
    <>
      <PageHero title="Wattle PDF Blog" description="Practical guides to everyday PDF jobs, and plain answers about where your files go, written by the team that builds Wattle PDF." />
      <Section>
        <ul className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
          {BLOG_POSTS.map((post) => (
            <li key={post.slug}>
              {/* The title's link stretches over the card, so the whole card is one click target and one tab stop. */}
              <article className="relative flex h-full flex-col rounded-2xl border bg-card p-6 shadow-sm transition-[border-color,box-shadow] focus-within:ring-[3px] focus-within:ring-ring/50 hover:border-primary/40 hover:shadow-md sm:p-8">
                <p className="text-sm text-muted-foreground">
                  <time dateTime={post.published}>{formatPublished(post.published)}</time>
                </p>
                <h2 className="mt-3 text-xl font-semibold tracking-tight text-balance">
                  <Link to={`/blog/${post.slug}`} className="outline-none after:absolute after:inset-0 after:rounded-2xl hover:text-primary">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-3 leading-7 text-muted-foreground">{post.summary}</p>
                <p aria-hidden="true" className="mt-auto pt-5 text-sm font-medium text-primary">
                  Read article →
                </p>
              </article>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
