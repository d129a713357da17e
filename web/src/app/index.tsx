import { AppProvider } from './provider';
import { AppRouter } from './router';
import './styles.css';

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
