package io.github.skinmesh.core.validate;

import io.github.skinmesh.core.internal.Checks;

/**
 * Element names used in problems, so that every check spells them alike. Names are quoted by
 * {@link Checks#quote}, which escapes control characters, so that a problem always renders on one
 * line.
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

    static String draw(int s, int d) {
        return "submesh " + s + " draw " + d;
    }

    static String paletteEntry(int e) {
        return "palette entry " + e;
    }

    static String mesh(String name) {
        return "mesh " + Checks.quote(name);
    }

    /** {@code material 'Skin'}, or {@code material 3} for an unnamed material. */
    static String material(int index, String name) {
        return name.isEmpty() ? "material " + index : "material " + Checks.quote(name);
    }

    /** {@code morph target 'Smile'}, or {@code morph target 3} for an unnamed target. */
    static String morphTarget(int index, String name) {
        return name.isEmpty() ? "morph target " + index : "morph target " + Checks.quote(name);
    }
}
