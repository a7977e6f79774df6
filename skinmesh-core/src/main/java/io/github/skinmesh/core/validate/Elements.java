package io.github.skinmesh.core.validate;

/**
 * Element names used in problems, so that every check spells them alike. Names are quoted with
 * control characters escaped, so that a problem always renders on one line.
 */
final class Elements {
    private Elements() {
    }

    static String vertex(int v) {
        return "vertex " + v;
    }

    static String triangle(int t) {
        return "triangle " + t;
    }

    static String submesh(int s) {
        return "submesh " + s;
    }

    static String paletteEntry(int e) {
        return "palette entry " + e;
    }

    static String mesh(String name) {
        return "mesh " + quote(name);
    }

    /** {@code material 'Skin'}, or {@code material 3} for an unnamed material. */
    static String material(int index, String name) {
        return name.isEmpty() ? "material " + index : "material " + quote(name);
    }

    /** {@code morph target 'Smile'}, or {@code morph target 3} for an unnamed target. */
    static String morphTarget(int index, String name) {
        return name.isEmpty() ? "morph target " + index : "morph target " + quote(name);
    }

    /** {@code 'name'} with control characters as {@code \\uXXXX}, or {@code (unnamed)}. */
    static String quote(String name) {
        if (name.isEmpty()) {
            return "(unnamed)";
        }
        StringBuilder sb = new StringBuilder(name.length() + 2).append('\'');
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (ch < 0x20 || ch == 0x7f) {
                sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) ch));
            } else {
                sb.append(ch);
            }
        }
        return sb.append('\'').toString();
    }
}
