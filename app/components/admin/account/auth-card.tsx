import { Logo } from "#app/components/site/logo.tsx";

/** The card the sign-in page's neighbours (forgot and reset password) sit in, as /admin/login. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-border bg-background p-6 shadow-card sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo />
          <h1 className="text-2xl font-bold">{title}</h1>
          {intro ? <p className="text-sm text-muted-foreground">{intro}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
