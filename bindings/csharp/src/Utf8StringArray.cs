using System;
using System.Runtime.InteropServices;

namespace LibShogi
{
    /// <summary>Strings marshalled for a <c>const char *const *</c>
    /// argument: one unmanaged block holds every NUL-terminated UTF-8
    /// string, and <see cref="Pointers"/> points into it. Dispose frees
    /// the block.</summary>
    internal sealed class Utf8StringArray : IDisposable
    {
        public readonly IntPtr[] Pointers;
        private IntPtr block;

        public Utf8StringArray(string[] strings, string name)
        {
            byte[][] encoded = new byte[strings.Length][];
            long total = 0;
            for (int i = 0; i < strings.Length; i++)
            {
                encoded[i] = Utf8.Encode(strings[i], name + "[" + i + "]");
                total += encoded[i].Length;
            }
            Pointers = new IntPtr[strings.Length];
            block = Marshal.AllocHGlobal(new IntPtr(Math.Max(total, 1)));
            long offset = 0;
            for (int i = 0; i < encoded.Length; i++)
            {
                IntPtr p = new IntPtr(block.ToInt64() + offset);
                Marshal.Copy(encoded[i], 0, p, encoded[i].Length);
                Pointers[i] = p;
                offset += encoded[i].Length;
            }
        }

        public void Dispose()
        {
            if (block != IntPtr.Zero)
            {
                Marshal.FreeHGlobal(block);
                block = IntPtr.Zero;
            }
        }
    }
}
