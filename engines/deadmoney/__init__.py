"""Dead Money (Cheapass Games 2006, James Ernest): zombie poker where you try to lose all your cards."""
