export default function DashboardPage() {
  return <main><h1>Local Produce Marketplace</h1></main>;
}
