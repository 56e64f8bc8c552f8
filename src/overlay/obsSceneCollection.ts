// Download Now on the OBS Extension screen (docs/product.md §The overlay for OBS): an OBS Studio scene collection (the JSON OBS writes under
// basic/scenes/, importable with Scene Collection → Import) holding one scene, "Castbridge", with one browser source at
// the overlay's URL, 1920×1080, transparent, shut down while hidden (nothing counts then) and allowed to read OBS's
// status (webpage_control_level 2, "read access to user information", which includes level 1's "read access to OBS
// status information": getStatus, as the page counts only while OBS reports streaming; obs-browser's README).

export const SCENE_NAME = 'Castbridge';
export const SOURCE_NAME = 'Castbridge overlay';
export const SCENE_COLLECTION_FILE = 'castbridge-overlay.json';

/** A version-4 UUID from Web Crypto (OBS keys sources by uuid since 30). */
function uuid(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function sceneCollection(url: string) {
  const sourceUuid = uuid();
  const sceneUuid = uuid();
  const transition = { duration: 0 };
  return {
    name: SCENE_NAME,
    current_scene: SCENE_NAME,
    current_program_scene: SCENE_NAME,
    scene_order: [{ name: SCENE_NAME }],
    sources: [
      {
        id: 'browser_source',
        versioned_id: 'browser_source',
        name: SOURCE_NAME,
        uuid: sourceUuid,
        enabled: true,
        flags: 0,
        muted: false,
        volume: 1.0,
        mixers: 255,
        sync: 0,
        hotkeys: {},
        filters: [],
        private_settings: {},
        settings: {
          url,
          is_local_file: false,
          width: 1920,
          height: 1080,
          fps: 30,
          reroute_audio: false,
          shutdown: true,
          restart_when_active: false,
          webpage_control_level: 2,
          css: 'body { background-color: rgba(0, 0, 0, 0); margin: 0px auto; overflow: hidden; }',
        },
      },
      {
        id: 'scene',
        versioned_id: 'scene',
        name: SCENE_NAME,
        uuid: sceneUuid,
        enabled: true,
        flags: 0,
        mixers: 0,
        hotkeys: {},
        filters: [],
        private_settings: {},
        settings: {
          id_counter: 1,
          custom_size: false,
          items: [
            {
              name: SOURCE_NAME,
              source_uuid: sourceUuid,
              id: 1,
              visible: true,
              locked: false,
              rot: 0.0,
              pos: { x: 0.0, y: 0.0 },
              scale: { x: 1.0, y: 1.0 },
              align: 5,
              bounds_type: 0,
              bounds_align: 0,
              bounds: { x: 0.0, y: 0.0 },
              crop_left: 0,
              crop_top: 0,
              crop_right: 0,
              crop_bottom: 0,
              group_item_backup: false,
              scale_filter: 'disable',
              blend_method: 'default',
              blend_type: 'normal',
              show_transition: transition,
              hide_transition: transition,
              private_settings: {},
            },
          ],
        },
      },
    ],
    groups: [],
    quick_transitions: [],
    transitions: [],
    saved_projectors: [],
    current_transition: 'Fade',
    transition_duration: 300,
    preview_locked: false,
    scaling_enabled: false,
    scaling_level: 0,
    scaling_off_x: 0.0,
    scaling_off_y: 0.0,
    modules: {},
  };
}
