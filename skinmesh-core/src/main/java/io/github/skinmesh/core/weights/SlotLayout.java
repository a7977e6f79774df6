package io.github.skinmesh.core.weights;

/** The number of slots per vertex of the weights that {@link Weights#limit} returns. */
public enum SlotLayout {
    /**
     * The result has {@code min(K, maxInfluences)} slots per vertex, {@code K} being the input's:
     * less memory and a narrower vertex stream (the default).
     */
    NARROW,
    /**
     * The result keeps the input's {@code K} slots per vertex; slots past {@code maxInfluences}
     * are empty (weight 0, joint 0). For consumers with a fixed vertex layout.
     */
    KEEP
}
