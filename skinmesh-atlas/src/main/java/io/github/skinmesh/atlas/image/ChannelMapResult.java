package io.github.skinmesh.atlas.image;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The maps {@link ChannelMaps#composite} produced, all laid out by the same placements, the factors
 * the merged material takes with them, and warnings.
 *
 * <p>Immutable and thread-safe.
 */
public final class ChannelMapResult {
    private final Map<MapSlot, CompositeResult> maps;
    private final MergedFactors factors;
    private final List<String> warnings;

    ChannelMapResult(Map<MapSlot, CompositeResult> maps, MergedFactors factors, List<String> warnings) {
        this.maps = Collections.unmodifiableMap(new EnumMap<>(maps));
        this.factors = factors;
        this.warnings = List.copyOf(warnings);
    }

    /** @return the composited maps by slot, in slot order, read-only; a slot no part needs is absent */
    public Map<MapSlot, CompositeResult> maps() {
        return maps;
    }

    /**
     * @param slot a slot
     * @return its composited pages, or {@code null} when the merged material needs no map there
     */
    public @Nullable CompositeResult map(MapSlot slot) {
        return maps.get(slot);
    }

    /** @return the factors of the merged material */
    public MergedFactors factors() {
        return factors;
    }

    /** @return warnings (maps resampled to their placement, factors baked), each naming the material, read-only */
    public List<String> warnings() {
        return warnings;
    }
}
