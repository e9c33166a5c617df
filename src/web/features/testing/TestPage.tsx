export default function TestPage() {
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Test Page</h1>
      <p className="mt-3 text-zinc-700 dark:text-zinc-300">This is a static test page. The Portal is serving pages.</p>
    </div>
  );
}
