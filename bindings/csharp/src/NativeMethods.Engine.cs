// P/Invoke declarations for the search engine section of include/shogi.h.
// The option and limit structs are blittable mirrors of the C structs; the
// info and result structs are read field by field at their C offsets
// (EngineLayout), so that no array marshalling runs on the search thread.
using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeEngineOptions
    {
        public int Threads;
        public int HashMB;
        public int MultiPV;
        public int EnteringKingRule;
        public int MaxMovesToDraw;
        public int FVScale;
        public int ResignValue;
        public int NetworkDelayMs;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeSearchLimits
    {
        public int Depth;
        public int Infinite;
        public int Ponder;
        public int Reserved;
        public ulong Nodes;
        public long MoveTimeMs;
        public long TimeBlackMs;
        public long TimeWhiteMs;
        public long IncBlackMs;
        public long IncWhiteMs;
        public long ByoyomiBlackMs;
        public long ByoyomiWhiteMs;
    }

    // Offsets of shogi_search_info_t, shogi_search_line_t and
    // shogi_search_result_t (natural C alignment; int32 fields, then 8-byte
    // aligned 64-bit fields, then the uint32 PV arrays).
    internal static class EngineLayout
    {
        public const int MaxPv = 64;      // SHOGI_MAX_PV
        public const int MaxMultiPV = 16; // SHOGI_MAX_MULTIPV

        // shogi_search_info_t
        public const int InfoDepth = 0;
        public const int InfoSelDepth = 4;
        public const int InfoMultiPV = 8;
        public const int InfoScoreKind = 12;
        public const int InfoScore = 16;
        public const int InfoValue = 20;
        public const int InfoBound = 24;
        public const int InfoHashfull = 28;
        public const int InfoNodes = 32;
        public const int InfoNps = 40;
        public const int InfoTimeMs = 48;
        public const int InfoPvLength = 56;
        public const int InfoPv = 60;
        public const int InfoSize = 320; // 60 + 256 = 316, padded to 8

        // shogi_search_line_t
        public const int LineScoreKind = 0;
        public const int LineScore = 4;
        public const int LineValue = 8;
        public const int LineDepth = 12;
        public const int LineSelDepth = 16;
        public const int LinePvLength = 20;
        public const int LinePv = 24;
        public const int LineSize = 280; // 24 + 256, 4-byte aligned

        // shogi_search_result_t
        public const int ResultBestMove = 0;
        public const int ResultPonderMove = 4;
        public const int ResultScoreKind = 8;
        public const int ResultScore = 12;
        public const int ResultValue = 16;
        public const int ResultDepth = 20;
        public const int ResultSelDepth = 24;
        public const int ResultLineCount = 28;
        public const int ResultNodes = 32;
        public const int ResultTimeMs = 40;
        public const int ResultPvLength = 48;
        public const int ResultPv = 52;
        public const int ResultLines = 308; // 52 + 256
        public const int ResultSize = 4792; // 308 + 16 * 280 = 4788, padded to 8
    }

    internal static partial class NativeMethods
    {
        private const CallingConvention CdeclEngine = CallingConvention.Cdecl;

        // shogi_info_callback_t: (const shogi_search_info_t *info, void *user_data)
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate void InfoCallback(IntPtr info, IntPtr userData);

        [DllImport(Lib, CallingConvention = CdeclEngine)]
        internal static extern int shogi_engine_new(ref NativeEngineOptions options, NetworkHandle net,
                                                    out EngineHandle eng, byte[] err);

        // The same with net = NULL (the default net, or what EvalFile names).
        [DllImport(Lib, CallingConvention = CdeclEngine, EntryPoint = "shogi_engine_new")]
        internal static extern int shogi_engine_new_without_network(ref NativeEngineOptions options, IntPtr net,
                                                                    out EngineHandle eng, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEngine)]
        internal static extern int shogi_engine_free(IntPtr eng, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEngine)]
        internal static extern int shogi_engine_set_options(EngineHandle eng, ref NativeEngineOptions options,
                                                            byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEngine)]
        internal static extern int shogi_engine_new_game(EngineHandle eng, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEngine)]
        internal static extern int shogi_engine_search(EngineHandle eng, PositionHandle pos,
                                                       ref NativeSearchLimits limits, InfoCallback callback,
                                                       IntPtr userData, IntPtr result, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEngine)]
        internal static extern int shogi_engine_stop(EngineHandle eng, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEngine)]
        internal static extern int shogi_engine_ponderhit(EngineHandle eng, byte[] err);

        [DllImport(Lib, CallingConvention = CdeclEngine)]
        internal static extern int shogi_engine_searching(EngineHandle eng, out int searching, byte[] err);
    }
}
