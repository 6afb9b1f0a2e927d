// For widgets that show options as cards: the app's one option card (src/ui/choice-cards.tsx), so a widget's
// choice looks and behaves like the screens' own (income verification, bank verification).
export { ChoiceCards, type ChoiceCardOption } from '../../ui/choice-cards';
