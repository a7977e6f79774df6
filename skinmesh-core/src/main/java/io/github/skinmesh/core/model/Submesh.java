package io.github.skinmesh.core.model;

import java.util.List;
import java.util.Objects;

/**
 * A range of a mesh's triangle index list drawn with one material, optionally split into
 * {@linkplain Draw draws} (bone-palette partitions).
 *
 * <p>Without draws the submesh is one draw call that binds the skin's whole palette. With draws,
 * each draw is a consecutive part of the range with its own palette entries; the mesh checks
 * when it is built that they tile the range exactly and that every vertex of a draw weights only
 * that draw's entries (see {@link Draw}). Draws are only allowed on a skinned mesh.
 *
 * @param firstIndex first index of the range (a multiple of 3)
 * @param indexCount number of indices (a multiple of 3)
 * @param materialIndex index into the mesh's materials
 * @param draws the draws in index order, read-only; empty when the submesh is drawn whole
 */
public record Submesh(int firstIndex, int indexCount, int materialIndex, List<Draw> draws) {
    /**
     * Creates a submesh, copying the draw list (the draws themselves are immutable).
     *
     * @param firstIndex first index of the range (a multiple of 3; checked by the mesh)
     * @param indexCount number of indices (a multiple of 3; checked by the mesh)
     * @param materialIndex index into the mesh's materials (checked by the mesh)
     * @param draws the draws in index order, or an empty list
     * @throws NullPointerException when {@code draws} or one of its elements is null
     */
    public Submesh {
        draws = List.copyOf(Objects.requireNonNull(draws, "draws"));
    }

    /**
     * Creates a submesh without draws: the common case, one draw call with the whole palette.
     *
     * @param firstIndex first index of the range (a multiple of 3)
     * @param indexCount number of indices (a multiple of 3)
     * @param materialIndex index into the mesh's materials
     */
    public Submesh(int firstIndex, int indexCount, int materialIndex) {
        this(firstIndex, indexCount, materialIndex, List.of());
    }

    /** @return {@code indexCount / 3} */
    public int triangleCount() {
        return indexCount / 3;
    }

    /** @return whether the submesh is split into draws */
    public boolean hasDraws() {
        return !draws.isEmpty();
    }

    /**
     * Returns this submesh with other draws.
     *
     * @param newDraws the draws in index order, or an empty list
     * @return a submesh of the same range and material
     */
    public Submesh withDraws(List<Draw> newDraws) {
        return new Submesh(firstIndex, indexCount, materialIndex, newDraws);
    }
}
