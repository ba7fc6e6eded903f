import { getTool } from '@wattle/shared';
import { ArrowLeftIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '@/app/not-found-page';
import { useDocumentTitle } from '@/lib/use-document-title';
import { findBlogPost, formatPublished, type BlogBlock, type BlogPost } from '../blog-posts';

export function BlogArticlePage() {
  const post = findBlogPost(useParams().slug);
  if (!post) return <NotFoundPage />;
  return <Article post={post} />;
}

function Article({ post }: { post: BlogPost }) {
  useDocumentTitle(post.title);
  const tools = post.tools.map((id) => getTool(id));
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        All articles
      </Link>
      <header className="mt-8 border-b pb-8">
        <h1 className="text-4xl font-bold tracking-tight text-balance">{post.title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">
          By the Wattle PDF team · <time dateTime={post.published}>{formatPublished(post.published)}</time>
        </p>
        <p className="mt-6 text-lg leading-8 text-muted-foreground">{post.summary}</p>
      </header>
      <div className="mt-8 space-y-5 text-lg leading-8">
        {post.body.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </div>
      {(tools.length > 0 || post.related) && (
        <aside aria-labelledby="read-next" className="mt-12 rounded-2xl border bg-muted/40 p-6 sm:p-8">
          <h2 id="read-next" className="text-xl font-semibold">
            {tools.length > 0 ? 'Try it now' : 'Read more'}
          </h2>
          <ul className="mt-4 space-y-3">
            {tools.map((tool) => (
              <li key={tool.id}>
                <Link to={`/tools/${tool.id}`} className="font-medium text-primary hover:underline">
                  {tool.name}
                </Link>
                <span className="text-muted-foreground">: {tool.description}</span>
              </li>
            ))}
            {post.related?.map(([title, href]) => (
              <li key={href}>
                <Link to={href} className="font-medium text-primary hover:underline">
                  {title}
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </article>
  );
}

function Block({ block }: { block: BlogBlock }) {
  if ('heading' in block) return <h2 className="pt-6 text-2xl font-semibold tracking-tight">{block.heading}</h2>;
  if ('paragraph' in block) return <p className="text-muted-foreground">{block.paragraph}</p>;
  const Tag = 'steps' in block ? 'ol' : 'ul';
  const items = 'steps' in block ? block.steps : block.points;
  return (
    <Tag className={`space-y-3 pl-6 text-muted-foreground ${Tag === 'ol' ? 'list-decimal' : 'list-disc'} marker:text-primary`}>
      {items.map((item) => (
        <li key={item} className="pl-1">
          {item}
        </li>
      ))}
    </Tag>
  );
}
