package io.github.skinmesh.atlas;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Part;
import java.util.List;

/**
 * The result of {@link Atlases#atlasParts}: the parts with remapped texture coordinates and merged
 * materials, the merged materials, the page images they reference, and the report.
 *
 * <p>Immutable and thread-safe; the lists are unmodifiable.
 *
 * @param parts one part per input part, in input order: an untouched part is the same object, an atlased
 *     one has its vertices split where needed, its UV sets remapped and its atlased submeshes on a merged
 *     material
 * @param materials the merged materials, one per page, in the order of {@link AtlasReport#pages()}
 * @param images the pages' encoded PNG images, material after material, slot after slot
 * @param report pages, draw calls, tiling, split vertices, warnings
 */
public record AtlasResult(List<Part> parts, List<Material> materials, List<Image> images, AtlasReport report) {
    /** Copies the lists. */
    public AtlasResult {
        parts = List.copyOf(parts);
        materials = List.copyOf(materials);
        images = List.copyOf(images);
        java.util.Objects.requireNonNull(report, "report");
    }

    /**
     * Puts the atlased parts into the character they came from.
     *
     * @param character the character whose parts were atlased (all of them, in order)
     * @return the character with these parts, its skeleton and clips unchanged
     * @throws ValidationException when the character has another number of parts or another part name
     *     at some index
     */
    public Character applyTo(Character character) {
        List<Part> own = character.parts();
        if (own.size() != parts.size()) {
            throw new ValidationException("atlas result: " + parts.size() + " parts, character '" + character.name()
                    + "' has " + own.size());
        }
        for (int i = 0; i < own.size(); i++) {
            if (!own.get(i).name().equals(parts.get(i).name())) {
                throw new ValidationException("atlas result: part " + i + " is '" + parts.get(i).name()
                        + "', character '" + character.name() + "' has '" + own.get(i).name() + "' there");
            }
        }
        return character.withParts(parts);
    }
}
