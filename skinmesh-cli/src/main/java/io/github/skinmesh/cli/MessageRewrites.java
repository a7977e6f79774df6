package io.github.skinmesh.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * An ordered table of text replacements that puts a library message in a command's terms (the
 * library's option names become the command's options). Rule {@code i} replaces every occurrence of
 * its text in the result of rules {@code 0..i-1}, so a longer phrase listed before a shorter one it
 * contains is rewritten whole, and a later rule may refine an earlier rule's output. Immutable.
 */
final class MessageRewrites {
    /** One replacement: every {@code from} becomes {@code to}. */
    private record Rule(String from, String to) {
    }

    private final List<Rule> rules;

    private MessageRewrites(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /**
     * @param fromTo pairs of texts: from, to, from, to, ...
     * @return the table, in that order
     * @throws IllegalArgumentException when a text is left without its replacement, or a text to
     *     replace is empty
     */
    static MessageRewrites of(String... fromTo) {
        if (fromTo.length % 2 != 0) {
            throw new IllegalArgumentException("MessageRewrites.of: " + fromTo.length + " texts, expected pairs");
        }
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < fromTo.length; i += 2) {
            if (fromTo[i].isEmpty()) {
                throw new IllegalArgumentException("MessageRewrites.of: rule " + i / 2 + " replaces an empty text");
            }
            rules.add(new Rule(fromTo[i], fromTo[i + 1]));
        }
        return new MessageRewrites(rules);
    }

    /** @return this table followed by {@code more}'s rules */
    MessageRewrites then(MessageRewrites more) {
        List<Rule> all = new ArrayList<>(rules);
        all.addAll(more.rules);
        return new MessageRewrites(all);
    }

    /** @return {@code message} with every rule applied, in order */
    String apply(String message) {
        String m = message;
        for (Rule r : rules) {
            m = m.replace(r.from(), r.to());
        }
        return m;
    }
}
