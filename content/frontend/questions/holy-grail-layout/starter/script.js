// No JavaScript is needed for this question.
