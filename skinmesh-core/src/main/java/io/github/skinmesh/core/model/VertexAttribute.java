package io.github.skinmesh.core.model;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import java.util.Arrays;
import java.util.Objects;

/**
 * A named per-vertex float stream of 1 to 4 components beyond the standard ones: a place for
 * baked data such as the texel coordinates of a vertex animation texture or key poses packed
 * into vertex channels.
 *
 * <p>Layout: {@code values[v*componentCount + c]} is component {@code c} of vertex {@code v};
 * {@code values.length = componentCount*vertexCount}. Every value is finite.
 *
 * <p>Names are non-empty and contain no whitespace, no control character and no unpaired
 * surrogate, so that every file format can write them as an identifier (glTF as a custom
 * attribute {@code _NAME}). A {@link Mesh} holds each name at most once.
 *
 * <p>Immutable and thread-safe; {@link #of} copies the values once.
 */
public final class VertexAttribute {
    /** Largest number of components per vertex. */
    public static final int MAX_COMPONENTS = 4;

    private final String name;
    private final int componentCount;
    private final float[] values;

    private VertexAttribute(String name, int componentCount, float[] values) {
        this(name, componentCount, values, false);
    }

    /** With {@code trusted}, the finite check of the values runs only as an {@code assert}. */
    private VertexAttribute(String name, int componentCount, float[] values, boolean trusted) {
        this.name = requireName(Objects.requireNonNull(name, "name"));
        String where = "vertex attribute " + Checks.quote(name);
        Checks.requireRange(where, "componentCount", componentCount, 1, MAX_COMPONENTS);
        if (values.length % componentCount != 0) {
            throw new ValidationException(where + ": values length " + values.length
                    + " is not a multiple of componentCount " + componentCount);
        }
        if (trusted) {
            assert requireFinite(where, values, componentCount);
        } else {
            requireFinite(where, values, componentCount);
        }
        this.componentCount = componentCount;
        this.values = values;
    }

    private static boolean requireFinite(String where, float[] values, int componentCount) {
        Checks.requireFinite(where, "value", values, componentCount, "vertex");
        return true;
    }

    /**
     * Checks an attribute name: non-empty, without whitespace, control characters or unpaired
     * surrogates.
     *
     * @param name the name
     * @return {@code name}
     * @throws ValidationException naming the first offending character and its position
     */
    static String requireName(String name) {
        if (name.isEmpty()) {
            throw new ValidationException("vertex attribute: name is empty, expected a non-empty name");
        }
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            String problem = null;
            if (java.lang.Character.isISOControl(ch)) {
                problem = "a control character";
            } else if (java.lang.Character.isWhitespace(ch) || java.lang.Character.isSpaceChar(ch)) {
                problem = "whitespace";
            } else if (java.lang.Character.isHighSurrogate(ch)) {
                if (i + 1 < name.length() && java.lang.Character.isLowSurrogate(name.charAt(i + 1))) {
                    i++;
                } else {
                    problem = "an unpaired surrogate";
                }
            } else if (java.lang.Character.isLowSurrogate(ch)) {
                problem = "an unpaired surrogate";
            }
            if (problem != null) {
                throw new ValidationException("vertex attribute " + Checks.quote(name) + ": name character " + i
                        + String.format(java.util.Locale.ROOT, " (U+%04X)", (int) ch) + " is " + problem
                        + ", expected a name without whitespace, control characters or unpaired surrogates");
            }
        }
        return name;
    }

    /**
     * Creates an attribute, copying the values.
     *
     * @param name the attribute's name: non-empty, no whitespace, control characters or unpaired
     *     surrogates
     * @param componentCount components per vertex, 1..{@value #MAX_COMPONENTS}
     * @param values {@code componentCount*vertexCount} finite floats
     * @return the attribute
     * @throws ValidationException when the name is empty or holds a forbidden character, the
     *     component count is outside 1..4, the length is not a multiple of the component count or
     *     a value is not finite
     */
    public static VertexAttribute of(String name, int componentCount, float[] values) {
        return new VertexAttribute(name, componentCount, values.clone());
    }

    static VertexAttribute adopt(String name, int componentCount, float[] values) {
        return new VertexAttribute(name, componentCount, values);
    }

    /**
     * Adopts values that an algorithm built from validated attributes (the trusted path): the
     * name and the layout are checked, finiteness only as an {@code assert}. The public factory
     * always validates.
     */
    static VertexAttribute trusted(String name, int componentCount, float[] values) {
        return new VertexAttribute(name, componentCount, values, true);
    }

    /** @return the name */
    public String name() {
        return name;
    }

    /** @return the number of components per vertex, 1..{@value #MAX_COMPONENTS} */
    public int componentCount() {
        return componentCount;
    }

    /** @return the number of vertices the values cover, {@code values.length / componentCount} */
    public int vertexCount() {
        return values.length / componentCount;
    }

    /**
     * @param vertex vertex index, {@code 0..vertexCount-1}
     * @param component component, {@code 0..componentCount-1}
     * @return that value
     * @throws IndexOutOfBoundsException when the vertex or the component is out of range
     */
    public float value(int vertex, int component) {
        Objects.checkIndex(component, componentCount);
        return values[Objects.checkIndex(vertex, vertexCount()) * componentCount + component];
    }

    /** @return a fresh copy of the values ({@code componentCount*vertexCount} floats) */
    public float[] values() {
        return values.clone();
    }

    /**
     * Copies the values.
     *
     * @param dst destination, at least {@code offset + componentCount*vertexCount} floats
     * @param offset first float written
     * @return {@code dst}
     * @throws IndexOutOfBoundsException when {@code dst} is too short
     */
    public float[] valuesInto(float[] dst, int offset) {
        System.arraycopy(values, 0, dst, offset, values.length);
        return dst;
    }

    float[] rawValues() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof VertexAttribute && ((VertexAttribute) o).name.equals(name)
                && ((VertexAttribute) o).componentCount == componentCount
                && Arrays.equals(((VertexAttribute) o).values, values));
    }

    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + componentCount) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "VertexAttribute[" + Checks.quote(name) + ", " + componentCount + " components, " + vertexCount()
                + " vertices]";
    }
}
